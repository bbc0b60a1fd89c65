import * as Linking from 'expo-linking';
import React from 'react';
import {FlatList, Text, View} from 'react-native';

const chores = [
  {id: 'bins', title: 'Take the bins out', who: 'Sam'},
  {id: 'plants', title: 'Water the plants', who: 'Alex'},
];

// tidy://chore/<id> from the household's shared reminders.
export default function App() {
  const url = Linking.useURL();
  const focus = url ? Linking.parse(url).path?.replace('chore/', '') : undefined;
  return (
    <View style={{flex: 1, paddingTop: 64}}>
      <FlatList
        data={chores}
        keyExtractor={c => c.id}
        renderItem={({item}) => (
          <Text style={{padding: 12, fontWeight: item.id === focus ? 'bold' : 'normal'}}>
            {item.title} · {item.who}
          </Text>
        )}
      />
    </View>
  );
}
